/**
 * The ERC-20 the wallet-deposit tests deploy: compiled in-process by the `solc` npm package (its
 * bundled compiler, nothing downloaded), once per process. 18 decimals like USDT on BNB Smart Chain.
 * `mint` is open to anyone: a test token. `transferPair` makes two Transfer logs in one transaction.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import solc from 'solc';
import type { Abi, Hex } from 'viem';

export const TEST_TOKEN_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract TestToken {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
    }

    function mint(address to, uint256 value) external {
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function transferPair(address to, uint256 first, uint256 second) external returns (bool) {
        _move(msg.sender, to, first);
        _move(msg.sender, to, second);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        require(allowance[from][msg.sender] >= value, "allowance");
        allowance[from][msg.sender] -= value;
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
`;

export interface Compiled {
  abi: Abi;
  bytecode: Hex;
}

let compiled: Compiled | null = null;

/**
 * Compiles once per process, and keeps the output in the temp folder keyed by the source and the
 * compiler version, so the next test file of the same run skips the few seconds solc-js takes.
 */
export function compileTestToken(): Compiled {
  if (compiled) return compiled;
  const id = createHash('sha256').update(TEST_TOKEN_SOURCE).update(solc.version()).digest('hex').slice(0, 16);
  const cacheFile = path.join(tmpdir(), `earnhub-test-token-${id}.json`);
  if (existsSync(cacheFile)) {
    compiled = JSON.parse(readFileSync(cacheFile, 'utf8')) as Compiled;
    return compiled;
  }
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: TEST_TOKEN_SOURCE } },
    settings: {
      // the local chain runs the Shanghai rules; later opcodes (MCOPY, ...) must not be emitted
      evmVersion: 'shanghai',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['TestToken.sol']!.TestToken!;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  const partial = `${cacheFile}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(compiled));
  renameSync(partial, cacheFile);
  return compiled;
}
